/* eslint-disable */
// Generated from forms/addressInfo.schema.json (rules c1d45b195b92d629) by npm run compile:validators. Do not edit.
"use strict";
import * as func2_module from "ajv/dist/runtime/ucs2length.js";
function runtimeDefault(ns) { const d = ns.default; return typeof d === "function" ? d : d.default; }
export const validate = validate13;
export default validate13;
const schema14 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"addressInfo.schema.json","title":"addressInfo.title","type":"object","additionalProperties":false,"required":["address","detailedAddress","postalCode"],"properties":{"address":{"title":"addressInfo.address","type":"object","additionalProperties":false,"required":["provinceCode","provinceName","cityCode","cityName","barangayCode","barangayName"],"properties":{"provinceCode":{"type":"string","pattern":"^\\d{10}$"},"provinceName":{"type":"string","minLength":1,"maxLength":100},"cityCode":{"type":"string","pattern":"^\\d{10}$"},"cityName":{"type":"string","minLength":1,"maxLength":100},"barangayCode":{"type":"string","pattern":"^\\d{10}$"},"barangayName":{"type":"string","minLength":1,"maxLength":100}}},"detailedAddress":{"title":"addressInfo.detailedAddress","type":"string","normalize":["noChinese","trim"],"minLength":5,"maxLength":200},"postalCode":{"title":"addressInfo.postalCode","type":"string","normalize":"trim","format":"postal-code"}}};
const pattern1 = new RegExp("^\\d{10}$", "u");
const pattern4 = new RegExp("[\\u2E80-\\u2FFF\\u3000-\\u302F\\u3031-\\u303C\\u303E\\u303F\\u31C0-\\u31EF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFE10-\\uFE1F\\uFE30-\\uFE4F\\uFF01-\\uFF60\\uFFE0-\\uFFE6\\u{20000}-\\u{3FFFF}]", "gu");
const pattern5 = new RegExp("^\\s+|\\s+$", "gu");
const func2 = runtimeDefault(func2_module);
const formats0 = /^\d{4}$/u;

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="addressInfo.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.address === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "address"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.detailedAddress === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "detailedAddress"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.postalCode === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "postalCode"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "address") || (key0 === "detailedAddress")) || (key0 === "postalCode"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.address !== undefined){
let data0 = data.address;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
if(data0.provinceCode === undefined){
const err4 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/required",keyword:"required",params:{missingProperty: "provinceCode"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data0.provinceName === undefined){
const err5 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/required",keyword:"required",params:{missingProperty: "provinceName"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data0.cityCode === undefined){
const err6 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/required",keyword:"required",params:{missingProperty: "cityCode"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data0.cityName === undefined){
const err7 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/required",keyword:"required",params:{missingProperty: "cityName"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data0.barangayCode === undefined){
const err8 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/required",keyword:"required",params:{missingProperty: "barangayCode"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data0.barangayName === undefined){
const err9 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/required",keyword:"required",params:{missingProperty: "barangayName"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key1 in data0){
if(!((((((key1 === "provinceCode") || (key1 === "provinceName")) || (key1 === "cityCode")) || (key1 === "cityName")) || (key1 === "barangayCode")) || (key1 === "barangayName"))){
const err10 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data0.provinceCode !== undefined){
let data1 = data0.provinceCode;
if(typeof data1 === "string"){
if(!pattern1.test(data1)){
const err11 = {instancePath:instancePath+"/address/provinceCode",schemaPath:"#/properties/address/properties/provinceCode/pattern",keyword:"pattern",params:{pattern: "^\\d{10}$"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/address/provinceCode",schemaPath:"#/properties/address/properties/provinceCode/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data0.provinceName !== undefined){
let data2 = data0.provinceName;
if(typeof data2 === "string"){
if(func2(data2) > 100){
const err13 = {instancePath:instancePath+"/address/provinceName",schemaPath:"#/properties/address/properties/provinceName/maxLength",keyword:"maxLength",params:{limit: 100}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(func2(data2) < 1){
const err14 = {instancePath:instancePath+"/address/provinceName",schemaPath:"#/properties/address/properties/provinceName/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/address/provinceName",schemaPath:"#/properties/address/properties/provinceName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data0.cityCode !== undefined){
let data3 = data0.cityCode;
if(typeof data3 === "string"){
if(!pattern1.test(data3)){
const err16 = {instancePath:instancePath+"/address/cityCode",schemaPath:"#/properties/address/properties/cityCode/pattern",keyword:"pattern",params:{pattern: "^\\d{10}$"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/address/cityCode",schemaPath:"#/properties/address/properties/cityCode/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data0.cityName !== undefined){
let data4 = data0.cityName;
if(typeof data4 === "string"){
if(func2(data4) > 100){
const err18 = {instancePath:instancePath+"/address/cityName",schemaPath:"#/properties/address/properties/cityName/maxLength",keyword:"maxLength",params:{limit: 100}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(func2(data4) < 1){
const err19 = {instancePath:instancePath+"/address/cityName",schemaPath:"#/properties/address/properties/cityName/minLength",keyword:"minLength",params:{limit: 1}};
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
const err20 = {instancePath:instancePath+"/address/cityName",schemaPath:"#/properties/address/properties/cityName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data0.barangayCode !== undefined){
let data5 = data0.barangayCode;
if(typeof data5 === "string"){
if(!pattern1.test(data5)){
const err21 = {instancePath:instancePath+"/address/barangayCode",schemaPath:"#/properties/address/properties/barangayCode/pattern",keyword:"pattern",params:{pattern: "^\\d{10}$"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/address/barangayCode",schemaPath:"#/properties/address/properties/barangayCode/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data0.barangayName !== undefined){
let data6 = data0.barangayName;
if(typeof data6 === "string"){
if(func2(data6) > 100){
const err23 = {instancePath:instancePath+"/address/barangayName",schemaPath:"#/properties/address/properties/barangayName/maxLength",keyword:"maxLength",params:{limit: 100}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(func2(data6) < 1){
const err24 = {instancePath:instancePath+"/address/barangayName",schemaPath:"#/properties/address/properties/barangayName/minLength",keyword:"minLength",params:{limit: 1}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/address/barangayName",schemaPath:"#/properties/address/properties/barangayName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/address",schemaPath:"#/properties/address/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.detailedAddress !== undefined){
let data7 = data.detailedAddress;
if(typeof data7 === "string"){
data7 = data7.replace(pattern4, "");
data7 = data7.replace(pattern5, "");
if(data !== undefined){
data["detailedAddress"] = data7;
}
if(func2(data7) > 200){
const err27 = {instancePath:instancePath+"/detailedAddress",schemaPath:"#/properties/detailedAddress/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(func2(data7) < 5){
const err28 = {instancePath:instancePath+"/detailedAddress",schemaPath:"#/properties/detailedAddress/minLength",keyword:"minLength",params:{limit: 5}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/detailedAddress",schemaPath:"#/properties/detailedAddress/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.postalCode !== undefined){
let data8 = data.postalCode;
if(typeof data8 === "string"){
data8 = data8.replace(pattern5, "");
if(data !== undefined){
data["postalCode"] = data8;
}
if(!(formats0.test(data8))){
const err30 = {instancePath:instancePath+"/postalCode",schemaPath:"#/properties/postalCode/format",keyword:"format",params:{format: "postal-code"}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/postalCode",schemaPath:"#/properties/postalCode/type",keyword:"type",params:{type: "string"}};
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
else {
const err32 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
