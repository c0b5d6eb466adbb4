/* eslint-disable */
// Generated from forms/identity.schema.json (rules 27eb4f8363f882fc) by npm run compile:validators. Do not edit.
"use strict";
export const validate = validate13;
const schema14_0 = ["male","female"];
const schema14_1 = ["philSys","umid","driversLicense","passport","prc","sss","philHealth","pagIbig","tin","postalId","votersId"];
const formats0 = /^\d{16}$/u;
const formats2 = /^CRN\d{12}$/u;
const formats4 = /^[A-Z0-9]{11}$/u;
const formats6 = /^[A-Z0-9]{9}$/u;
const formats8 = /^\d{7}$/u;
const formats10 = /^\d{10}$/u;
const formats12 = /^\d{12}$/u;
const formats14 = /^\d{12}$/u;
const formats16 = /^\d{9,12}$/u;
const formats18 = /^PRN[A-Z0-9]{13}$/u;
const formats20 = /^[A-Z0-9]{22,23}$/u;
const formats22 = /^[2-9]\d{11}$/u;
const formats24 = /^[A-Z]{5}\d{4}[A-Z]$/u;
const formats26 = /^(?=.{1,60}$)(?=.*[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF])[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF.'\-]+(?: [A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF.'\-]+)*$/u;
const formats28 = /^(?:\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$/u;
const pattern1 = new RegExp("[\\s\\-\\u2010-\\u2015\\u2212]", "gu");
const pattern14 = new RegExp("[\\u2E80-\\u2FFF\\u3000-\\u302F\\u3031-\\u303C\\u303E\\u303F\\u31C0-\\u31EF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFE10-\\uFE1F\\uFE30-\\uFE4F\\uFF01-\\uFF60\\uFFE0-\\uFFE6\\u{20000}-\\u{3FFFF}]", "gu");
const pattern15 = new RegExp("[\\u2018\\u2019\\u02BC]", "gu");
const pattern16 = new RegExp("\\s+", "gu");
const pattern17 = new RegExp("^\\s+|\\s+$", "gu");
const pattern19 = new RegExp("^(?:data:image/jpeg;base64,[A-Za-z0-9+/]+={0,2}|doc:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$", "u");

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="identity.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs3 = errors;
let valid1 = true;
const _errs4 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.idType === undefined) && (missing0 = "idType")){
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
if(data.idType !== undefined){
if("philSys" !== data.idType){
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
if(data.idNumber !== undefined){
let data1 = data.idNumber;
if(typeof data1 === "string"){
data1 = data1.replace(pattern1, "");
if(data !== undefined){
data["idNumber"] = data1;
}
if(!(formats0.test(data1))){
const err2 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/0/then/properties/idNumber/format",keyword:"format",params:{format: "id-philSys"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
else {
const err3 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/0/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
}
var _valid0 = _errs6 === errors;
valid1 = _valid0;
}
if(!valid1){
const err4 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
const _errs10 = errors;
let valid4 = true;
const _errs11 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.idType === undefined) && (missing1 = "idType")){
const err5 = {};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data.idType !== undefined){
if("umid" !== data.idType){
const err6 = {};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
var _valid1 = _errs11 === errors;
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs13 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data3 = data.idNumber;
if(typeof data3 === "string"){
data3 = data3.replace(pattern1, "");
data3 = data3.toUpperCase();
if(data !== undefined){
data["idNumber"] = data3;
}
if(!(formats2.test(data3))){
const err7 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/1/then/properties/idNumber/format",keyword:"format",params:{format: "id-umid"}};
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
const err8 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/1/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
var _valid1 = _errs13 === errors;
valid4 = _valid1;
}
if(!valid4){
const err9 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
const _errs17 = errors;
let valid7 = true;
const _errs18 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing2;
if((data.idType === undefined) && (missing2 = "idType")){
const err10 = {};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
if(data.idType !== undefined){
if("driversLicense" !== data.idType){
const err11 = {};
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
}
var _valid2 = _errs18 === errors;
errors = _errs17;
if(vErrors !== null){
if(_errs17){
vErrors.length = _errs17;
}
else {
vErrors = null;
}
}
if(_valid2){
const _errs20 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data5 = data.idNumber;
if(typeof data5 === "string"){
data5 = data5.replace(pattern1, "");
data5 = data5.toUpperCase();
if(data !== undefined){
data["idNumber"] = data5;
}
if(!(formats4.test(data5))){
const err12 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/2/then/properties/idNumber/format",keyword:"format",params:{format: "id-driversLicense"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/2/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
var _valid2 = _errs20 === errors;
valid7 = _valid2;
}
if(!valid7){
const err14 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const _errs24 = errors;
let valid10 = true;
const _errs25 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing3;
if((data.idType === undefined) && (missing3 = "idType")){
const err15 = {};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
else {
if(data.idType !== undefined){
if("passport" !== data.idType){
const err16 = {};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
}
var _valid3 = _errs25 === errors;
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
if(_valid3){
const _errs27 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data7 = data.idNumber;
if(typeof data7 === "string"){
data7 = data7.replace(pattern1, "");
data7 = data7.toUpperCase();
if(data !== undefined){
data["idNumber"] = data7;
}
if(!(formats6.test(data7))){
const err17 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/3/then/properties/idNumber/format",keyword:"format",params:{format: "id-passport"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/3/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
var _valid3 = _errs27 === errors;
valid10 = _valid3;
}
if(!valid10){
const err19 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const _errs31 = errors;
let valid13 = true;
const _errs32 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing4;
if((data.idType === undefined) && (missing4 = "idType")){
const err20 = {};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
if(data.idType !== undefined){
if("prc" !== data.idType){
const err21 = {};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
}
var _valid4 = _errs32 === errors;
errors = _errs31;
if(vErrors !== null){
if(_errs31){
vErrors.length = _errs31;
}
else {
vErrors = null;
}
}
if(_valid4){
const _errs34 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data9 = data.idNumber;
if(typeof data9 === "string"){
data9 = data9.replace(pattern1, "");
if(data !== undefined){
data["idNumber"] = data9;
}
if(!(formats8.test(data9))){
const err22 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/4/then/properties/idNumber/format",keyword:"format",params:{format: "id-prc"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/4/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
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
var _valid4 = _errs34 === errors;
valid13 = _valid4;
}
if(!valid13){
const err24 = {instancePath,schemaPath:"#/allOf/4/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
const _errs38 = errors;
let valid16 = true;
const _errs39 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing5;
if((data.idType === undefined) && (missing5 = "idType")){
const err25 = {};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
else {
if(data.idType !== undefined){
if("sss" !== data.idType){
const err26 = {};
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
}
var _valid5 = _errs39 === errors;
errors = _errs38;
if(vErrors !== null){
if(_errs38){
vErrors.length = _errs38;
}
else {
vErrors = null;
}
}
if(_valid5){
const _errs41 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data11 = data.idNumber;
if(typeof data11 === "string"){
data11 = data11.replace(pattern1, "");
if(data !== undefined){
data["idNumber"] = data11;
}
if(!(formats10.test(data11))){
const err27 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/5/then/properties/idNumber/format",keyword:"format",params:{format: "id-sss"}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/5/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
var _valid5 = _errs41 === errors;
valid16 = _valid5;
}
if(!valid16){
const err29 = {instancePath,schemaPath:"#/allOf/5/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const _errs45 = errors;
let valid19 = true;
const _errs46 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing6;
if((data.idType === undefined) && (missing6 = "idType")){
const err30 = {};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
if(data.idType !== undefined){
if("philHealth" !== data.idType){
const err31 = {};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
}
var _valid6 = _errs46 === errors;
errors = _errs45;
if(vErrors !== null){
if(_errs45){
vErrors.length = _errs45;
}
else {
vErrors = null;
}
}
if(_valid6){
const _errs48 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data13 = data.idNumber;
if(typeof data13 === "string"){
data13 = data13.replace(pattern1, "");
if(data !== undefined){
data["idNumber"] = data13;
}
if(!(formats12.test(data13))){
const err32 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/6/then/properties/idNumber/format",keyword:"format",params:{format: "id-philHealth"}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/6/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
var _valid6 = _errs48 === errors;
valid19 = _valid6;
}
if(!valid19){
const err34 = {instancePath,schemaPath:"#/allOf/6/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
const _errs52 = errors;
let valid22 = true;
const _errs53 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing7;
if((data.idType === undefined) && (missing7 = "idType")){
const err35 = {};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
else {
if(data.idType !== undefined){
if("pagIbig" !== data.idType){
const err36 = {};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
}
var _valid7 = _errs53 === errors;
errors = _errs52;
if(vErrors !== null){
if(_errs52){
vErrors.length = _errs52;
}
else {
vErrors = null;
}
}
if(_valid7){
const _errs55 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data15 = data.idNumber;
if(typeof data15 === "string"){
data15 = data15.replace(pattern1, "");
if(data !== undefined){
data["idNumber"] = data15;
}
if(!(formats14.test(data15))){
const err37 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/7/then/properties/idNumber/format",keyword:"format",params:{format: "id-pagIbig"}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/7/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
var _valid7 = _errs55 === errors;
valid22 = _valid7;
}
if(!valid22){
const err39 = {instancePath,schemaPath:"#/allOf/7/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
const _errs59 = errors;
let valid25 = true;
const _errs60 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing8;
if((data.idType === undefined) && (missing8 = "idType")){
const err40 = {};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
else {
if(data.idType !== undefined){
if("tin" !== data.idType){
const err41 = {};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
}
var _valid8 = _errs60 === errors;
errors = _errs59;
if(vErrors !== null){
if(_errs59){
vErrors.length = _errs59;
}
else {
vErrors = null;
}
}
if(_valid8){
const _errs62 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data17 = data.idNumber;
if(typeof data17 === "string"){
data17 = data17.replace(pattern1, "");
if(data !== undefined){
data["idNumber"] = data17;
}
if(!(formats16.test(data17))){
const err42 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/8/then/properties/idNumber/format",keyword:"format",params:{format: "id-tin"}};
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
const err43 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/8/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
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
var _valid8 = _errs62 === errors;
valid25 = _valid8;
}
if(!valid25){
const err44 = {instancePath,schemaPath:"#/allOf/8/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
const _errs66 = errors;
let valid28 = true;
const _errs67 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing9;
if((data.idType === undefined) && (missing9 = "idType")){
const err45 = {};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
else {
if(data.idType !== undefined){
if("postalId" !== data.idType){
const err46 = {};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
}
var _valid9 = _errs67 === errors;
errors = _errs66;
if(vErrors !== null){
if(_errs66){
vErrors.length = _errs66;
}
else {
vErrors = null;
}
}
if(_valid9){
const _errs69 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data19 = data.idNumber;
if(typeof data19 === "string"){
data19 = data19.replace(pattern1, "");
data19 = data19.toUpperCase();
if(data !== undefined){
data["idNumber"] = data19;
}
if(!(formats18.test(data19))){
const err47 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/9/then/properties/idNumber/format",keyword:"format",params:{format: "id-postalId"}};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/9/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
var _valid9 = _errs69 === errors;
valid28 = _valid9;
}
if(!valid28){
const err49 = {instancePath,schemaPath:"#/allOf/9/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
const _errs73 = errors;
let valid31 = true;
const _errs74 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing10;
if((data.idType === undefined) && (missing10 = "idType")){
const err50 = {};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
else {
if(data.idType !== undefined){
if("votersId" !== data.idType){
const err51 = {};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
}
var _valid10 = _errs74 === errors;
errors = _errs73;
if(vErrors !== null){
if(_errs73){
vErrors.length = _errs73;
}
else {
vErrors = null;
}
}
if(_valid10){
const _errs76 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data21 = data.idNumber;
if(typeof data21 === "string"){
data21 = data21.replace(pattern1, "");
data21 = data21.toUpperCase();
if(data !== undefined){
data["idNumber"] = data21;
}
if(!(formats20.test(data21))){
const err52 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/10/then/properties/idNumber/format",keyword:"format",params:{format: "id-votersId"}};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/10/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
var _valid10 = _errs76 === errors;
valid31 = _valid10;
}
if(!valid31){
const err54 = {instancePath,schemaPath:"#/allOf/10/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
const _errs80 = errors;
let valid34 = true;
const _errs81 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing11;
if((data.idType === undefined) && (missing11 = "idType")){
const err55 = {};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
else {
if(data.idType !== undefined){
if("aadhaar" !== data.idType){
const err56 = {};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
}
}
var _valid11 = _errs81 === errors;
errors = _errs80;
if(vErrors !== null){
if(_errs80){
vErrors.length = _errs80;
}
else {
vErrors = null;
}
}
if(_valid11){
const _errs83 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data23 = data.idNumber;
if(typeof data23 === "string"){
data23 = data23.replace(pattern1, "");
if(data !== undefined){
data["idNumber"] = data23;
}
if(!(formats22.test(data23))){
const err57 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/11/then/properties/idNumber/format",keyword:"format",params:{format: "id-aadhaar"}};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/11/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
var _valid11 = _errs83 === errors;
valid34 = _valid11;
}
if(!valid34){
const err59 = {instancePath,schemaPath:"#/allOf/11/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
const _errs87 = errors;
let valid37 = true;
const _errs88 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing12;
if((data.idType === undefined) && (missing12 = "idType")){
const err60 = {};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
else {
if(data.idType !== undefined){
if("pan" !== data.idType){
const err61 = {};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
}
var _valid12 = _errs88 === errors;
errors = _errs87;
if(vErrors !== null){
if(_errs87){
vErrors.length = _errs87;
}
else {
vErrors = null;
}
}
if(_valid12){
const _errs90 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idNumber !== undefined){
let data25 = data.idNumber;
if(typeof data25 === "string"){
data25 = data25.replace(pattern1, "");
data25 = data25.toUpperCase();
if(data !== undefined){
data["idNumber"] = data25;
}
if(!(formats24.test(data25))){
const err62 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/12/then/properties/idNumber/format",keyword:"format",params:{format: "id-pan"}};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/idNumber",schemaPath:"#/allOf/12/then/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
var _valid12 = _errs90 === errors;
valid37 = _valid12;
}
if(!valid37){
const err64 = {instancePath,schemaPath:"#/allOf/12/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
const _errs94 = errors;
let valid40 = true;
const _errs95 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing13;
if((data.idType === undefined) && (missing13 = "idType")){
const err65 = {};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
else {
if(data.idType !== undefined){
let data26 = data.idType;
if(!(((((((data26 === "philSys") || (data26 === "umid")) || (data26 === "driversLicense")) || (data26 === "prc")) || (data26 === "postalId")) || (data26 === "votersId")) || (data26 === "aadhaar"))){
const err66 = {};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
}
var _valid13 = _errs95 === errors;
errors = _errs94;
if(vErrors !== null){
if(_errs94){
vErrors.length = _errs94;
}
else {
vErrors = null;
}
}
if(_valid13){
const _errs97 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idPhotoBack === undefined){
const err67 = {instancePath,schemaPath:"#/allOf/13/then/required",keyword:"required",params:{missingProperty: "idPhotoBack"}};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
var _valid13 = _errs97 === errors;
valid40 = _valid13;
}
if(!valid40){
const err68 = {instancePath,schemaPath:"#/allOf/13/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err69 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"}};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data.birthDate === undefined){
const err70 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "birthDate"}};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data.gender === undefined){
const err71 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "gender"}};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data.idType === undefined){
const err72 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data.idNumber === undefined){
const err73 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idNumber"}};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(data.idPhotoFront === undefined){
const err74 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idPhotoFront"}};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if(data.facePhoto === undefined){
const err75 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "facePhoto"}};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "name") || (key0 === "birthDate")) || (key0 === "gender")) || (key0 === "idType")) || (key0 === "idNumber")) || (key0 === "idPhotoFront")) || (key0 === "idPhotoBack")) || (key0 === "facePhoto"))){
const err76 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data.name !== undefined){
let data27 = data.name;
if(typeof data27 === "string"){
data27 = data27.replace(pattern14, "");
data27 = data27.normalize("NFC");
data27 = data27.replace(pattern15, "'");
data27 = data27.replace(pattern16, " ");
data27 = data27.replace(pattern17, "");
if(data !== undefined){
data["name"] = data27;
}
if(!(formats26.test(data27))){
const err77 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/format",keyword:"format",params:{format: "person-name"}};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
else {
const err78 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.birthDate !== undefined){
let data28 = data.birthDate;
if(typeof data28 === "string"){
data28 = data28.replace(pattern17, "");
if(data !== undefined){
data["birthDate"] = data28;
}
if(!(formats28.test(data28))){
const err79 = {instancePath:instancePath+"/birthDate",schemaPath:"#/properties/birthDate/format",keyword:"format",params:{format: "iso-date"}};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
else {
const err80 = {instancePath:instancePath+"/birthDate",schemaPath:"#/properties/birthDate/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data.gender !== undefined){
let data29 = data.gender;
if(typeof data29 !== "string"){
const err81 = {instancePath:instancePath+"/gender",schemaPath:"#/properties/gender/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(!((data29 === "male") || (data29 === "female"))){
const err82 = {instancePath:instancePath+"/gender",schemaPath:"#/properties/gender/enum",keyword:"enum",params:{allowedValues: schema14_0}};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data.idType !== undefined){
let data30 = data.idType;
if(typeof data30 !== "string"){
const err83 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(!(((((((((((data30 === "philSys") || (data30 === "umid")) || (data30 === "driversLicense")) || (data30 === "passport")) || (data30 === "prc")) || (data30 === "sss")) || (data30 === "philHealth")) || (data30 === "pagIbig")) || (data30 === "tin")) || (data30 === "postalId")) || (data30 === "votersId"))){
const err84 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/enum",keyword:"enum",params:{allowedValues: schema14_1}};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data.idNumber !== undefined){
if(typeof data.idNumber !== "string"){
const err85 = {instancePath:instancePath+"/idNumber",schemaPath:"#/properties/idNumber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data.idPhotoFront !== undefined){
let data32 = data.idPhotoFront;
if(typeof data32 === "string"){
if(!pattern19.test(data32)){
const err86 = {instancePath:instancePath+"/idPhotoFront",schemaPath:"#/properties/idPhotoFront/pattern",keyword:"pattern",params:{pattern: "^(?:data:image/jpeg;base64,[A-Za-z0-9+/]+={0,2}|doc:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$"}};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/idPhotoFront",schemaPath:"#/properties/idPhotoFront/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data.idPhotoBack !== undefined){
let data33 = data.idPhotoBack;
if(typeof data33 === "string"){
if(!pattern19.test(data33)){
const err88 = {instancePath:instancePath+"/idPhotoBack",schemaPath:"#/properties/idPhotoBack/pattern",keyword:"pattern",params:{pattern: "^(?:data:image/jpeg;base64,[A-Za-z0-9+/]+={0,2}|doc:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$"}};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/idPhotoBack",schemaPath:"#/properties/idPhotoBack/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data.facePhoto !== undefined){
let data34 = data.facePhoto;
if(typeof data34 === "string"){
if(!pattern19.test(data34)){
const err90 = {instancePath:instancePath+"/facePhoto",schemaPath:"#/properties/facePhoto/pattern",keyword:"pattern",params:{pattern: "^(?:data:image/jpeg;base64,[A-Za-z0-9+/]+={0,2}|doc:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$"}};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
else {
const err91 = {instancePath:instancePath+"/facePhoto",schemaPath:"#/properties/facePhoto/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
}
else {
const err92 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}

const asked0 = validate14;
const schema15 = {"properties":{"idType":{"const":"aadhaar"}},"required":["idType"]};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("aadhaar" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "aadhaar"}};
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
const schema16 = {"properties":{"idType":{"const":"philSys"}},"required":["idType"]};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("philSys" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "philSys"}};
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
const schema17 = {"properties":{"idType":{"const":"umid"}},"required":["idType"]};

function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("umid" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "umid"}};
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

const asked3 = validate17;
const schema18 = {"properties":{"idType":{"const":"driversLicense"}},"required":["idType"]};

function validate17(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("driversLicense" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "driversLicense"}};
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
validate17.errors = vErrors;
return errors === 0;
}

const asked4 = validate18;
const schema19 = {"properties":{"idType":{"const":"passport"}},"required":["idType"]};

function validate18(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("passport" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "passport"}};
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
validate18.errors = vErrors;
return errors === 0;
}

const asked5 = validate19;
const schema20 = {"properties":{"idType":{"const":"prc"}},"required":["idType"]};

function validate19(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("prc" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "prc"}};
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
validate19.errors = vErrors;
return errors === 0;
}

const asked6 = validate20;
const schema21 = {"properties":{"idType":{"const":"sss"}},"required":["idType"]};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("sss" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "sss"}};
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
validate20.errors = vErrors;
return errors === 0;
}

const asked7 = validate21;
const schema22 = {"properties":{"idType":{"const":"philHealth"}},"required":["idType"]};

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("philHealth" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "philHealth"}};
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
validate21.errors = vErrors;
return errors === 0;
}

const asked8 = validate22;
const schema23 = {"properties":{"idType":{"const":"pagIbig"}},"required":["idType"]};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("pagIbig" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "pagIbig"}};
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
validate22.errors = vErrors;
return errors === 0;
}

const asked9 = validate23;
const schema24 = {"properties":{"idType":{"const":"tin"}},"required":["idType"]};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("tin" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "tin"}};
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
validate23.errors = vErrors;
return errors === 0;
}

const asked10 = validate24;
const schema25 = {"properties":{"idType":{"const":"postalId"}},"required":["idType"]};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("postalId" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "postalId"}};
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
validate24.errors = vErrors;
return errors === 0;
}

const asked11 = validate25;
const schema26 = {"properties":{"idType":{"const":"votersId"}},"required":["idType"]};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("votersId" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "votersId"}};
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
validate25.errors = vErrors;
return errors === 0;
}

const asked12 = validate26;
const schema27 = {"properties":{"idType":{"const":"pan"}},"required":["idType"]};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
if("pan" !== data.idType){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/const",keyword:"const",params:{allowedValue: "pan"}};
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
validate26.errors = vErrors;
return errors === 0;
}

const asked13 = validate27;
const schema28_0 = ["philSys","umid","driversLicense","prc","postalId","votersId","aadhaar"];

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.idType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "idType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.idType !== undefined){
let data0 = data.idType;
if(!(((((((data0 === "philSys") || (data0 === "umid")) || (data0 === "driversLicense")) || (data0 === "prc")) || (data0 === "postalId")) || (data0 === "votersId")) || (data0 === "aadhaar"))){
const err1 = {instancePath:instancePath+"/idType",schemaPath:"#/properties/idType/enum",keyword:"enum",params:{allowedValues: schema28_0}};
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
validate27.errors = vErrors;
return errors === 0;
}

validate.branches = { "/allOf/0/if": asked1, "/allOf/1/if": asked2, "/allOf/2/if": asked3, "/allOf/3/if": asked4, "/allOf/4/if": asked5, "/allOf/5/if": asked6, "/allOf/6/if": asked7, "/allOf/7/if": asked8, "/allOf/8/if": asked9, "/allOf/9/if": asked10, "/allOf/10/if": asked11, "/allOf/11/if": asked0, "/allOf/12/if": asked12, "/allOf/13/if": asked13 };
validate.asked = { "44871371": asked0, "5346b0f5": asked1, "-5f39ede2": asked2, "69c19221": asked3, "314ce5bd": asked4, "-7a0542dc": asked5, "-783381ea": asked6, "47939bc2": asked7, "7590f30": asked8, "2a5cc51c": asked9, "7b68fff1": asked10, "655ac1d1": asked11, "-16b07e0": asked12, "1a31bb17": asked13 };
export default validate;
