/* eslint-disable */
// Generated from forms/bankInfo.schema.json (rules b2d0ff3dc3dc1b4f) by npm run compile:validators. Do not edit.
"use strict";
export const validate = validate13;
const schema14_0 = ["bdo","bpi","metrobank","landbank","pnb","securityBank","chinaBank","unionBank","rcbc","eastWest","dbp","aub","pbcom","psBank","robinsonsBank","maybank","ctbc","bankOfCommerce","philtrust","veteransBank","sterlingBank","pbb","chinaBankSavings","bdoNetworkBank","cimb","goTyme","tonik","mariBank","unoBank","ofBank","unionDigital"];
const schema14_1 = ["gcash","maya"];
const schema14_2 = ["cebuanaLhuillier","palawanExpress","mLhuillier","sevenElevenCliqq","ecpay","rdPawnshop","lbc","villaricaPawnshop"];
const schema14_3 = ["payoutMethod","bankCode","accountNumber","accountNumberConfirm","eWalletProvider","eWalletNumber","remittanceShop","payeeLastName","payeeFirstName","payeeMiddleName","withdrawalPhone"];
const schema14_4 = ["bank","eWallet","remittance"];
const pattern1 = new RegExp("[\\s.()\\-\\u2010-\\u2015\\u2212]", "gu");
const pattern2 = new RegExp("^\\d{10,16}$", "u");
const pattern6 = new RegExp("^0(?=9\\d{9}$)", "gu");
const pattern7 = new RegExp("[\\u2E80-\\u2FFF\\u3000-\\u302F\\u3031-\\u303C\\u303E\\u303F\\u31C0-\\u31EF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFE10-\\uFE1F\\uFE30-\\uFE4F\\uFF01-\\uFF60\\uFFE0-\\uFFE6\\u{20000}-\\u{3FFFF}]", "gu");
const pattern8 = new RegExp("[\\u2018\\u2019\\u02BC]", "gu");
const pattern9 = new RegExp("\\s+", "gu");
const pattern10 = new RegExp("^\\s+|\\s+$", "gu");
const pattern20 = new RegExp("^(?:\\+?63|0)(?=9\\d{9}$)", "gu");
const formats0 = /^9\d{9}$/u;
const formats2 = /^(?=.{1,60}$)(?=.*[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF])[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF.'\-]+(?: [A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF.'\-]+)*$/u;
const formats8 = /^9\d{9}$/u;

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="bankInfo.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs3 = errors;
let valid1 = true;
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.payoutMethod === undefined) && (missing0 = "payoutMethod")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.payoutMethod !== undefined){
if("bank" !== data.payoutMethod){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs4 === errors;
errors = _errs3;
if(vErrors !== null){
if(_errs3){
vErrors.length = _errs3;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs6 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.bankCode === undefined){
const err2 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "bankCode"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.accountNumber === undefined){
const err3 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "accountNumber"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.accountNumberConfirm === undefined){
const err4 = {instancePath,schemaPath:"#/allOf/0/then/required",keyword:"required",params:{missingProperty: "accountNumberConfirm"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.bankCode !== undefined){
let data1 = data.bankCode;
if(typeof data1 !== "string"){
const err5 = {instancePath:instancePath+"/bankCode",schemaPath:"#/allOf/0/then/properties/bankCode/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!(((((((((((((((((((((((((((((((data1 === "bdo") || (data1 === "bpi")) || (data1 === "metrobank")) || (data1 === "landbank")) || (data1 === "pnb")) || (data1 === "securityBank")) || (data1 === "chinaBank")) || (data1 === "unionBank")) || (data1 === "rcbc")) || (data1 === "eastWest")) || (data1 === "dbp")) || (data1 === "aub")) || (data1 === "pbcom")) || (data1 === "psBank")) || (data1 === "robinsonsBank")) || (data1 === "maybank")) || (data1 === "ctbc")) || (data1 === "bankOfCommerce")) || (data1 === "philtrust")) || (data1 === "veteransBank")) || (data1 === "sterlingBank")) || (data1 === "pbb")) || (data1 === "chinaBankSavings")) || (data1 === "bdoNetworkBank")) || (data1 === "cimb")) || (data1 === "goTyme")) || (data1 === "tonik")) || (data1 === "mariBank")) || (data1 === "unoBank")) || (data1 === "ofBank")) || (data1 === "unionDigital"))){
const err6 = {instancePath:instancePath+"/bankCode",schemaPath:"#/allOf/0/then/properties/bankCode/enum",keyword:"enum",params:{allowedValues: schema14_0}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.accountNumber !== undefined){
let data2 = data.accountNumber;
if(typeof data2 === "string"){
data2 = data2.replace(pattern1, "");
if(data !== undefined){
data["accountNumber"] = data2;
}
if(!pattern2.test(data2)){
const err7 = {instancePath:instancePath+"/accountNumber",schemaPath:"#/allOf/0/then/properties/accountNumber/pattern",keyword:"pattern",params:{pattern: "^\\d{10,16}$"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/accountNumber",schemaPath:"#/allOf/0/then/properties/accountNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.accountNumberConfirm !== undefined){
let data3 = data.accountNumberConfirm;
if(typeof data3 === "string"){
data3 = data3.replace(pattern1, "");
if(data !== undefined){
data["accountNumberConfirm"] = data3;
}
if(!pattern2.test(data3)){
const err9 = {instancePath:instancePath+"/accountNumberConfirm",schemaPath:"#/allOf/0/then/properties/accountNumberConfirm/pattern",keyword:"pattern",params:{pattern: "^\\d{10,16}$"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data["accountNumber"] !== undefined && data3 !== data["accountNumber"]){
const err10 = {instancePath:instancePath+"/accountNumberConfirm",schemaPath:"#/allOf/0/then/properties/accountNumberConfirm/matches",keyword:"matches",params:{property: "accountNumber"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/accountNumberConfirm",schemaPath:"#/allOf/0/then/properties/accountNumberConfirm/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
var _valid0 = _errs6 === errors;
valid1 = _valid0;
}
if(!valid1){
const err12 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const _errs14 = errors;
let valid4 = true;
const _errs15 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.payoutMethod === undefined) && (missing1 = "payoutMethod")){
const err13 = {};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
else {
if(data.payoutMethod !== undefined){
if("eWallet" !== data.payoutMethod){
const err14 = {};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
}
var _valid1 = _errs15 === errors;
errors = _errs14;
if(vErrors !== null){
if(_errs14){
vErrors.length = _errs14;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs17 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.eWalletProvider === undefined){
const err15 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "eWalletProvider"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.eWalletNumber === undefined){
const err16 = {instancePath,schemaPath:"#/allOf/1/then/required",keyword:"required",params:{missingProperty: "eWalletNumber"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.eWalletProvider !== undefined){
let data5 = data.eWalletProvider;
if(typeof data5 !== "string"){
const err17 = {instancePath:instancePath+"/eWalletProvider",schemaPath:"#/allOf/1/then/properties/eWalletProvider/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(!((data5 === "gcash") || (data5 === "maya"))){
const err18 = {instancePath:instancePath+"/eWalletProvider",schemaPath:"#/allOf/1/then/properties/eWalletProvider/enum",keyword:"enum",params:{allowedValues: schema14_1}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.eWalletNumber !== undefined){
let data6 = data.eWalletNumber;
if(typeof data6 === "string"){
data6 = data6.replace(pattern1, "");
data6 = data6.replace(pattern6, "");
if(data !== undefined){
data["eWalletNumber"] = data6;
}
if(!(formats0.test(data6))){
const err19 = {instancePath:instancePath+"/eWalletNumber",schemaPath:"#/allOf/1/then/properties/eWalletNumber/format",keyword:"format",params:{format: "ph-ewallet"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/eWalletNumber",schemaPath:"#/allOf/1/then/properties/eWalletNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
var _valid1 = _errs17 === errors;
valid4 = _valid1;
}
if(!valid4){
const err21 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
const _errs23 = errors;
let valid7 = true;
const _errs24 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.payoutMethod === undefined) && (missing2 = "payoutMethod")){
const err22 = {};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
else {
if(data.payoutMethod !== undefined){
if("remittance" !== data.payoutMethod){
const err23 = {};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
}
var _valid2 = _errs24 === errors;
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
if(_valid2){
const _errs26 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.remittanceShop === undefined){
const err24 = {instancePath,schemaPath:"#/allOf/2/then/required",keyword:"required",params:{missingProperty: "remittanceShop"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data.remittanceShop !== undefined){
let data8 = data.remittanceShop;
if(typeof data8 !== "string"){
const err25 = {instancePath:instancePath+"/remittanceShop",schemaPath:"#/allOf/2/then/properties/remittanceShop/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!((((((((data8 === "cebuanaLhuillier") || (data8 === "palawanExpress")) || (data8 === "mLhuillier")) || (data8 === "sevenElevenCliqq")) || (data8 === "ecpay")) || (data8 === "rdPawnshop")) || (data8 === "lbc")) || (data8 === "villaricaPawnshop"))){
const err26 = {instancePath:instancePath+"/remittanceShop",schemaPath:"#/allOf/2/then/properties/remittanceShop/enum",keyword:"enum",params:{allowedValues: schema14_2}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
var _valid2 = _errs26 === errors;
valid7 = _valid2;
}
if(!valid7){
const err27 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.payoutMethod === undefined){
const err28 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "payoutMethod"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data.payeeLastName === undefined){
const err29 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "payeeLastName"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data.payeeFirstName === undefined){
const err30 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "payeeFirstName"}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data.withdrawalPhone === undefined){
const err31 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "withdrawalPhone"}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key0 in data){
const _errs29 = errors;
if(!(((((((((((key0 === "payoutMethod") || (key0 === "bankCode")) || (key0 === "accountNumber")) || (key0 === "accountNumberConfirm")) || (key0 === "eWalletProvider")) || (key0 === "eWalletNumber")) || (key0 === "remittanceShop")) || (key0 === "payeeLastName")) || (key0 === "payeeFirstName")) || (key0 === "payeeMiddleName")) || (key0 === "withdrawalPhone"))){
const err32 = {instancePath,schemaPath:"#/propertyNames/enum",keyword:"enum",params:{allowedValues: schema14_3},propertyName:key0};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var valid10 = _errs29 === errors;
if(!valid10){
const err33 = {instancePath,schemaPath:"#/propertyNames",keyword:"propertyNames",params:{propertyName: key0}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.payoutMethod !== undefined){
let data9 = data.payoutMethod;
if(typeof data9 !== "string"){
const err34 = {instancePath:instancePath+"/payoutMethod",schemaPath:"#/properties/payoutMethod/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(!(((data9 === "bank") || (data9 === "eWallet")) || (data9 === "remittance"))){
const err35 = {instancePath:instancePath+"/payoutMethod",schemaPath:"#/properties/payoutMethod/enum",keyword:"enum",params:{allowedValues: schema14_4}};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.payeeLastName !== undefined){
let data10 = data.payeeLastName;
if(typeof data10 === "string"){
data10 = data10.replace(pattern7, "");
data10 = data10.normalize("NFC");
data10 = data10.replace(pattern8, "'");
data10 = data10.replace(pattern9, " ");
data10 = data10.replace(pattern10, "");
if(data !== undefined){
data["payeeLastName"] = data10;
}
if(!(formats2.test(data10))){
const err36 = {instancePath:instancePath+"/payeeLastName",schemaPath:"#/properties/payeeLastName/format",keyword:"format",params:{format: "person-name"}};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/payeeLastName",schemaPath:"#/properties/payeeLastName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.payeeFirstName !== undefined){
let data11 = data.payeeFirstName;
if(typeof data11 === "string"){
data11 = data11.replace(pattern7, "");
data11 = data11.normalize("NFC");
data11 = data11.replace(pattern8, "'");
data11 = data11.replace(pattern9, " ");
data11 = data11.replace(pattern10, "");
if(data !== undefined){
data["payeeFirstName"] = data11;
}
if(!(formats2.test(data11))){
const err38 = {instancePath:instancePath+"/payeeFirstName",schemaPath:"#/properties/payeeFirstName/format",keyword:"format",params:{format: "person-name"}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/payeeFirstName",schemaPath:"#/properties/payeeFirstName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.payeeMiddleName !== undefined){
let data12 = data.payeeMiddleName;
if(typeof data12 === "string"){
data12 = data12.replace(pattern7, "");
data12 = data12.normalize("NFC");
data12 = data12.replace(pattern8, "'");
data12 = data12.replace(pattern9, " ");
data12 = data12.replace(pattern10, "");
if(data !== undefined){
data["payeeMiddleName"] = data12;
}
if(!(formats2.test(data12))){
const err40 = {instancePath:instancePath+"/payeeMiddleName",schemaPath:"#/properties/payeeMiddleName/format",keyword:"format",params:{format: "person-name"}};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/payeeMiddleName",schemaPath:"#/properties/payeeMiddleName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.withdrawalPhone !== undefined){
let data13 = data.withdrawalPhone;
if(typeof data13 === "string"){
data13 = data13.replace(pattern1, "");
data13 = data13.replace(pattern20, "");
if(data !== undefined){
data["withdrawalPhone"] = data13;
}
if(!(formats8.test(data13))){
const err42 = {instancePath:instancePath+"/withdrawalPhone",schemaPath:"#/properties/withdrawalPhone/format",keyword:"format",params:{format: "ph-mobile"}};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/withdrawalPhone",schemaPath:"#/properties/withdrawalPhone/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}

const asked0 = validate14;
const schema15 = {"properties":{"payoutMethod":{"const":"bank"}},"required":["payoutMethod"]};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.payoutMethod === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "payoutMethod"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.payoutMethod !== undefined){
if("bank" !== data.payoutMethod){
const err1 = {instancePath:instancePath+"/payoutMethod",schemaPath:"#/properties/payoutMethod/const",keyword:"const",params:{allowedValue: "bank"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
validate14.errors = vErrors;
return errors === 0;
}

const asked1 = validate15;
const schema16 = {"properties":{"payoutMethod":{"const":"eWallet"}},"required":["payoutMethod"]};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.payoutMethod === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "payoutMethod"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.payoutMethod !== undefined){
if("eWallet" !== data.payoutMethod){
const err1 = {instancePath:instancePath+"/payoutMethod",schemaPath:"#/properties/payoutMethod/const",keyword:"const",params:{allowedValue: "eWallet"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
validate15.errors = vErrors;
return errors === 0;
}

const asked2 = validate16;
const schema17 = {"properties":{"payoutMethod":{"const":"remittance"}},"required":["payoutMethod"]};

function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.payoutMethod === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "payoutMethod"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.payoutMethod !== undefined){
if("remittance" !== data.payoutMethod){
const err1 = {instancePath:instancePath+"/payoutMethod",schemaPath:"#/properties/payoutMethod/const",keyword:"const",params:{allowedValue: "remittance"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
validate16.errors = vErrors;
return errors === 0;
}

validate.branches = { "/allOf/0/if": asked0, "/allOf/1/if": asked1, "/allOf/2/if": asked2 };
validate.asked = { "-19090a19": asked0, "-22365223": asked1, "3ea6a6c9": asked2 };
export default validate;
